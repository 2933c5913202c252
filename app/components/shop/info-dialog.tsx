import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';

/** A footer Quick Links dialog; loaded on first use (see site-footer.tsx). */
export default function InfoDialog({
  title,
  summary,
  children,
  onClose,
}: {
  title: string;
  summary: string;
  children: React.ReactNode;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{summary}</DialogDescription>
        </DialogHeader>
        <div className="space-y-3 text-sm leading-relaxed text-ink">{children}</div>
      </DialogContent>
    </Dialog>
  );
}
