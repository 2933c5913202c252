import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '~/lib/utils';

export const badgeVariants = cva(
  'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      variant: {
        default: 'bg-ink text-white',
        secondary: 'bg-brand-100 text-brand-900',
        outline: 'border border-line text-ink',
        destructive: 'bg-red-600 text-white',
        sale: 'bg-brand-600 text-white',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
