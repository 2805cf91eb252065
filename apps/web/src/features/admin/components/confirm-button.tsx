import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';

/** A button whose action runs only after the staff member confirms it in a dialog. */
export function ConfirmButton({
  label,
  title,
  confirmLabel,
  variant = 'danger',
  disabled,
  onConfirm,
  children,
}: {
  label: string;
  title: string;
  confirmLabel: string;
  variant?: 'danger' | 'primary' | 'secondary';
  disabled?: boolean;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {/* Rendered only while open: the dialog's heading id must be unique on the page. */}
      {open && (
        <Modal
          open={open}
          title={title}
          onClose={() => setOpen(false)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button
                variant={variant}
                onClick={() => {
                  setOpen(false);
                  onConfirm();
                }}
              >
                {confirmLabel}
              </Button>
            </>
          }
        >
          {children}
        </Modal>
      )}
    </>
  );
}
