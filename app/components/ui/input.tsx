import { cn } from '~/lib/utils';

/** A text field (the `.input` class, app.css). */
export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return <input type={type} className={cn('input', className)} {...props} />;
}
