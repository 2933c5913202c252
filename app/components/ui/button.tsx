import { cn } from '~/lib/utils';

/** The button variants and sizes: one component class each (app.css, decision 021). */
const VARIANTS = {
  default: 'btn-ink',
  brand: 'btn-brand',
  outline: 'btn-outline',
  secondary: 'btn-secondary',
  ghost: 'btn-ghost',
  destructive: 'btn-destructive',
  link: 'btn-link',
} as const;
const SIZES = { default: '', sm: 'btn-sm', lg: 'btn-lg', icon: 'btn-icon' } as const;

export type ButtonStyle = { variant?: keyof typeof VARIANTS | null; size?: keyof typeof SIZES | null };

/** The classes of a button, for a link drawn as one (`<Link className={buttonClass({ size: 'lg' })}>`). */
export function buttonClass({ variant, size }: ButtonStyle = {}, className?: string): string {
  return cn('btn', VARIANTS[variant ?? 'default'], SIZES[size ?? 'default'], className);
}

export function Button({ className, variant, size, ...props }: React.ComponentProps<'button'> & ButtonStyle) {
  return <button className={buttonClass({ variant, size }, className)} {...props} />;
}
