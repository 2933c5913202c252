/**
 * The admin forms' checkboxes: one labelled box for a yes/no setting, and a list of boxes that
 * picks several values of a fixed set (a product's placements, a code's categories). One look
 * and one way of adding and removing a value.
 */
export function CheckboxField(props: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-4 accent-brand-600"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      {props.label}
    </label>
  );
}

export function CheckboxList<Selected extends string, Value extends Selected>(props: {
  options: readonly Value[];
  labels: Record<Value, string>;
  /** May hold values outside `options` (kept as they are). */
  selected: readonly Selected[];
  onChange(selected: Selected[]): void;
}) {
  const { options, labels, selected, onChange } = props;
  return options.map((option) => (
    <CheckboxField
      key={option}
      label={labels[option]}
      checked={selected.includes(option)}
      onChange={(checked) => onChange(checked ? [...selected, option] : selected.filter((value) => value !== option))}
    />
  ));
}
