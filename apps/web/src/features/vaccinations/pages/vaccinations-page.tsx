import { useParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header';

/** /vaccination/{flockId?}: without a flock it covers all flocks (SPEC §2). */
export function VaccinationsPage() {
  const { flockId } = useParams();
  // The flock's name ('Vaccination Schedule for Flock: …') arrives with the flocks API.
  return <PageHeader title="Vaccination Scheduling" subtitle={flockId === undefined ? 'All Flocks' : undefined} />;
}
