// <PhModal> for React apps (ph-widgets/react): the component itself, which renders into a shadow root of its own
// on document.body.
export { type ModalCloseReason, type ModalRequestReason, PhModal, type PhModalProps } from './PhModal';
