import { useEffect } from 'react';
import { toast, Toaster as Sonner } from 'sonner';
import { connectToastOutlet } from '~/lib/notify';

/** sonner's outlet; loaded on the first toast (see lib/notify.ts). */
export default function ToastOutlet() {
  useEffect(
    () =>
      connectToastOutlet(({ title, description, variant }) => {
        if (variant === 'destructive') toast.error(title, { description });
        else toast(title, { description });
      }),
    [],
  );
  return (
    <Sonner
      position="bottom-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: 'rounded-xl border border-line bg-white text-ink shadow-lg',
          title: 'font-semibold',
          description: 'text-muted',
          error: 'border-red-200 bg-red-50 text-red-900',
        },
      }}
    />
  );
}
