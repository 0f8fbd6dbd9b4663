import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentsReached, styleFiles } from './mantine-styles';

const require = createRequire(import.meta.url);
const coreRoot = path.dirname(require.resolve('@mantine/core/styles.css'));
const coreEsm = path.join(coreRoot, 'esm');

describe('the Mantine styles the app loads', () => {
  it('follow a component to every component its modules use', () => {
    const reached = componentsReached(coreEsm, ['Modal']);
    for (const folder of ['Modal', 'ModalBase', 'Overlay', 'CloseButton', 'Paper', 'ScrollArea', 'UnstyledButton']) expect(reached).toContain(folder);
    expect(reached).not.toContain('Button');
    expect(componentsReached(coreEsm, ['NativeSelect'])).toContain('Input');
    // A checkbox's label and box are laid out by utils/InlineInput.
    expect(componentsReached(coreEsm, ['Checkbox'])).toContain('InlineInput');
  });

  it('come after the base layers, in the order of the full styles.css', () => {
    const files = styleFiles(coreRoot, componentsReached(coreEsm, ['Button', 'Modal']));
    expect(files.slice(0, 3)).toEqual(['baseline.css', 'default-css-variables.css', 'global.css']);
    const all = readFileSync(path.join(coreRoot, 'styles.css'), 'utf8');
    const at = (file: string) => all.indexOf(/\.m_[0-9a-f]{8}/.exec(readFileSync(path.join(coreRoot, 'styles', file), 'utf8'))?.[0] ?? '');
    const offsets = files.slice(3).map(at);
    expect(offsets.every((offset) => offset >= 0)).toBe(true);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    // UnstyledButton's rules come before Button's, which build on them.
    expect(files.indexOf('UnstyledButton.css')).toBeLessThan(files.indexOf('Button.css'));
  });

  it('are a fraction of the whole', () => {
    const files = styleFiles(coreRoot, componentsReached(coreEsm, ['Button', 'Modal', 'TextInput', 'Table']));
    const size = files.reduce((total, file) => total + readFileSync(path.join(coreRoot, 'styles', file)).length, 0);
    expect(size).toBeLessThan(readFileSync(path.join(coreRoot, 'styles.css')).length / 2);
  });
});
