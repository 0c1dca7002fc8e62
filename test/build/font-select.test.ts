import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// §2's font lists (core's PICKER_FONT_SIZES and PICKER_FONT_FAMILIES) have one control, common/FontSelect.tsx:
// <ph-picker> and the header's theme dialog both choose with it, and no component writes a select of its own for them.
const root = resolve(import.meta.dirname, '..', '..');
const components = readdirSync(join(root, 'src/elements'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx'))
  .map((entry) => join(entry.parentPath, entry.name));
const CONTROL = 'src/elements/common/FontSelect.tsx';

describe('the font lists', () => {
  it('are shown by the one FontSelect, in the picker and the theme dialog', () => {
    const users = components
      .filter((file) => /\bPICKER_FONT_(SIZES|FAMILIES)\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file))
      .filter((file) => file !== CONTROL);
    expect(users.sort()).toEqual(['src/elements/ph-header/ThemeFields.tsx', 'src/elements/ph-picker/PhPicker.tsx']);
    for (const file of users) {
      const text = readFileSync(join(root, file), 'utf8');
      expect(text.match(/<FontSelect\b/g), file).toHaveLength(2);
      expect(text, file).not.toMatch(/<select\b/);
    }
    const control = readFileSync(join(root, CONTROL), 'utf8');
    expect(control.match(/<select\b/g)).toHaveLength(1);
  });
});
