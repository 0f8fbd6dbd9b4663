import { Text, type TextProps } from '@mantine/core';
import { recordAuthorMessages as m, type RecordAuthors as Authors } from '@kuku/domain';

const nameOf = (name: string | null) => name ?? m.formerMember;

/**
 * Who added a record and who last changed it (docs/design.md §4), one small line under its details
 * that wraps between the two on a phone. A removed account shows as a former member.
 */
export function RecordAuthors({ record, ...props }: { record: Authors } & TextProps) {
  return (
    <Text fz="xs" c="dimmed" {...props}>
      <span style={{ whiteSpace: 'nowrap' }}>
        {m.createdBy} {nameOf(record.created_by_name)}
      </span>
      {' · '}
      <span style={{ whiteSpace: 'nowrap' }}>
        {m.updatedBy} {nameOf(record.updated_by_name)}
      </span>
    </Text>
  );
}
