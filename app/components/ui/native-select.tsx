import { cn } from '~/lib/utils';

/**
 * A styled native <select>: accessible, keyboard-friendly and free of extra JavaScript. Its
 * chevron is drawn by the `.select` class (app.css), so it is one element.
 */
export function NativeSelect({ className, ...props }: React.ComponentProps<'select'>) {
  return <select className={cn('select', className)} {...props} />;
}
