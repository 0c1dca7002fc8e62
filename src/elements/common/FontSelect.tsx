// One list of §2's picker (core's PICKER_FONT_SIZES or PICKER_FONT_FAMILIES) with its label, the one control that
// <ph-picker> and the header's theme dialog both choose a font size and family with: a native select, so the arrow
// keys move through it and a screen reader reads it with its label. Each caller names the choices in its own texts
// and styles `.field` in its own sheet.

export interface FontSelectProps<Choice extends string> {
  /** The label, in the page language. */
  label: string;
  value: string;
  choices: readonly Choice[];
  /** A choice's name in the page language; the choice itself (a size) by default. */
  name?: ((choice: Choice) => string) | undefined;
  /** The name of a first, empty choice (keep the page's own font); without it a choice is always made. */
  unset?: string | undefined;
  /** The part a page may style the select by (the picker's `size` and `family`). */
  part?: string | undefined;
  onChange: (value: Choice | '') => void;
}

export function FontSelect<Choice extends string>(props: FontSelectProps<Choice>) {
  const { name = (choice: Choice) => choice, unset } = props;
  return (
    <label className="field">
      <span>{props.label}</span>
      <select part={props.part} value={props.value} onChange={(event) => props.onChange(event.target.value as Choice)}>
        {unset === undefined ? null : <option value="">{unset}</option>}
        {props.choices.map((choice) => (
          <option key={choice} value={choice}>
            {name(choice)}
          </option>
        ))}
      </select>
    </label>
  );
}
