import { useNavigate } from 'react-router';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { AdminAccessForm } from './admin-access-form';

/**
 * The header's Admin Access dialog (SPEC §2). Small on purpose: it ships with every shop
 * page; the dashboard itself is only loaded by the /admin route. On success: /admin.
 */
export function AdminAccessDialog({
  open,
  onOpenChange,
  onGranted,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Overrides the default (navigate to /admin). */
  onGranted?: (token: string) => void;
  /** Where the focus goes on close when the opener is gone (the mobile menu's button). */
  returnFocusTo?: () => HTMLElement | null;
}) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md!" returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <DialogTitle>{ADMIN_MESSAGES.adminAccessTitle}</DialogTitle>
          <DialogDescription>{ADMIN_MESSAGES.adminAccessDescription}</DialogDescription>
        </DialogHeader>
        {open && (
          <AdminAccessForm
            onCancel={() => onOpenChange(false)}
            onGranted={(token) => {
              onOpenChange(false);
              if (onGranted) onGranted(token);
              else void navigate('/admin');
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
