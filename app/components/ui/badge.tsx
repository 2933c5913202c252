import { cn } from '~/lib/utils';

/** The badge variants: one component class each (app.css, decision 021). */
const VARIANTS = {
  default: '',
  secondary: 'badge-secondary',
  outline: 'badge-outline',
  destructive: 'badge-destructive',
  sale: 'badge-sale',
} as const;

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<'span'> & { variant?: keyof typeof VARIANTS | null }) {
  return <span className={cn('badge', VARIANTS[variant ?? 'default'], className)} {...props} />;
}
