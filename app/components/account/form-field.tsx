/**
 * A labelled input of the account forms (sign in, sign up, forgot and reset password). Its
 * `autoComplete` token says what it holds, and so its type: 'email' an e-mail address, a
 * '...-password' token a password, anything else text. A `hint` under it is its description.
 */
import { useId } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

export function FormField({
  label,
  hint,
  autoComplete,
  onValueChange,
  ...props
}: Omit<React.ComponentProps<'input'>, 'id' | 'type' | 'onChange'> & {
  label: string;
  autoComplete: string;
  hint?: string;
  onValueChange: (value: string) => void;
}) {
  const id = useId();
  const type = autoComplete === 'email' ? 'email' : autoComplete.endsWith('password') ? 'password' : 'text';
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        autoComplete={autoComplete}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onValueChange(event.target.value)}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
