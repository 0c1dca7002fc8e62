// ph-widgets/react: the components as React components for React apps, over the app's own React (a peer
// dependency) and the same page-wide core stores as the elements (src/core/shared). One line per element: its
// folder's react.ts says what React apps get.
export * from './ph-face/react';
export * from './ph-footer/react';
export * from './ph-header/react';
export * from './ph-login/react';
export * from './ph-modal/react';
export * from './ph-picker/react';
export * from './ph-uploader/react';
export * from './ph-voice/react';
