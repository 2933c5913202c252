import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast, Toaster as Sonner } from 'sonner';
import { connectToastOutlet, type ToastTopic } from '~/lib/notify';

/** sonner's outlet; loaded on the first toast (see lib/notify.ts). */
export default function ToastOutlet() {
  useEffect(() => {
    // The toast each topic shows now: the next one of the topic replaces it.
    const showing = new Map<ToastTopic, string>();
    let count = 0;
    return connectToastOutlet(({ title, description, variant, topic, action }) => {
      const previous = topic && showing.get(topic);
      if (previous) toast.dismiss(previous);
      count += 1;
      const id = `toast-${count}`;
      if (topic) showing.set(topic, id);
      const options = {
        id,
        description,
        // A link, not a button: it goes to a page (and opens in a new tab when asked to).
        action: action ? (
          <Link to={action.href} className="btn btn-sm btn-ink ml-auto shrink-0" onClick={() => toast.dismiss(id)}>
            {action.label}
          </Link>
        ) : undefined,
      };
      if (variant === 'destructive') toast.error(title, options);
      else toast(title, options);
    });
  }, []);
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
