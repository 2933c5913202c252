import { cn } from '~/lib/utils';

export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'h-11 w-full rounded-lg border border-line bg-white px-3 text-base text-ink placeholder:text-muted/70 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-500 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
