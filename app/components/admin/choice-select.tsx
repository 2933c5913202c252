/**
 * A select of plain choices (order statuses, carriers, categories): each is shown as it is
 * written unless `label` names it, and `blank` puts an empty first choice ('All statuses',
 * 'No carrier').
 */
import { NativeSelect } from '~/components/ui/native-select';

export function ChoiceSelect<Choice extends string>({
  choices,
  blank,
  label,
  onValueChange,
  ...props
}: Omit<React.ComponentProps<typeof NativeSelect>, 'children' | 'onChange'> & {
  choices: readonly Choice[];
  blank?: string;
  label?: (choice: Choice) => string;
  onValueChange: (value: string) => void;
}) {
  return (
    <NativeSelect {...props} onChange={(event) => onValueChange(event.target.value)}>
      {blank !== undefined && <option value="">{blank}</option>}
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {label ? label(choice) : choice}
        </option>
      ))}
    </NativeSelect>
  );
}
