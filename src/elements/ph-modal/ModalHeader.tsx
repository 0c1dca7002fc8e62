import type { PointerEventHandler, ReactNode } from 'react';
import { CloseIcon } from '../common/icons';

export interface ModalHeaderProps {
  titleId: string;
  /** The rich title, else the plain heading. */
  title: ReactNode;
  noDrag?: boolean | undefined;
  noCloseButton?: boolean | undefined;
  /** The close button's name ("Close" in the page's language). */
  closeLabel: string;
  onClose: () => void;
  /** Dragging the header moves the dialog (useModalDrag's handlers). */
  dragHandlers: {
    onPointerDown: PointerEventHandler<HTMLElement>;
    onPointerMove: PointerEventHandler<HTMLElement>;
    onPointerUp: PointerEventHandler<HTMLElement>;
    onPointerCancel: PointerEventHandler<HTMLElement>;
  };
}

/** The dialog's header: its title, the close button unless there is none, and the handle it is dragged by. */
export function ModalHeader({
  titleId,
  title,
  noDrag,
  noCloseButton,
  closeLabel,
  onClose,
  dragHandlers,
}: ModalHeaderProps) {
  return (
    <div part="header" className={noDrag ? 'header' : 'header draggable'} {...dragHandlers}>
      <h2 part="title" className="title" id={titleId}>
        {title}
      </h2>
      {noCloseButton ? null : (
        <button
          type="button"
          part="close"
          className="ph-icon-button"
          aria-label={closeLabel}
          title={closeLabel}
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
