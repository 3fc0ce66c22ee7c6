"use client";
import { useEffect, useId, useRef, type ReactNode } from "react";
import styles from "./actions.module.css";

interface Props {
  open: boolean;
  title: string;
  /** what the action will do, in one sentence */
  effect: string;
  /** more of what it will do: the pods it moves, a choice */
  children?: ReactNode;
  confirmLabel: string;
  tone: "destructive" | "primary" | "neutral";
  pending?: boolean;
  /** disables Confirm with the reason (no permission, a choice missing) */
  blocked?: string;
  /** the exact request, or a refusal, shown below the buttons */
  footer?: ReactNode;
  onShowRequest?: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks once before an action that cannot be taken back: a modal <dialog> (the browser traps focus in it and Escape
 * cancels), focus on Cancel when it opens so Enter never confirms by accident, and back on the button that opened it
 * when it closes. Says what the action will do, with the exact request one click away.
 */
export function ConfirmDialog({
  open,
  title,
  effect,
  children,
  confirmLabel,
  tone,
  pending,
  blocked,
  footer,
  onShowRequest,
  onConfirm,
  onCancel,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement;
      d.showModal();
      cancelRef.current?.focus();
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    // Escape fires `cancel`; the parent decides, so the dialog closes through `open` like every other way out.
    const cancel = (e: Event) => {
      e.preventDefault();
      onCancel();
    };
    const closed = () => {
      const o = opener.current;
      if (o instanceof HTMLElement && o.isConnected) o.focus();
    };
    d.addEventListener("cancel", cancel);
    d.addEventListener("close", closed);
    return () => {
      d.removeEventListener("cancel", cancel);
      d.removeEventListener("close", closed);
    };
  }, [onCancel]);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid="confirm-dialog"
    >
      {open ? (
        <>
          <h2 id={titleId}>{title}</h2>
          <p id={bodyId} data-testid="confirm-effect">
            {effect}
          </p>
          {children}
          <div className={styles.dialogButtons}>
            {onShowRequest ? (
              <button type="button" disabled={pending} onClick={onShowRequest}>
                Show request
              </button>
            ) : null}
            <span className={styles.spacer} />
            <button type="button" ref={cancelRef} onClick={onCancel}>
              Cancel
            </button>
            <button
              type="button"
              className={styles[tone]}
              disabled={pending || !!blocked}
              title={blocked}
              onClick={onConfirm}
              data-testid="confirm-send"
            >
              {confirmLabel}
            </button>
          </div>
          {blocked ? <p className="small muted">{blocked}</p> : null}
          {footer}
        </>
      ) : null}
    </dialog>
  );
}
