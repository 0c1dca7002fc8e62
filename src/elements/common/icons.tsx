import type { ReactNode } from 'react';

// Inline SVG icons (no icon font to load). Decorative: the control that holds one carries the label.

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export function CloseIcon() {
  return (
    <Icon>
      <path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" fill="none" />
    </Icon>
  );
}

export function SuccessIcon() {
  return (
    <Icon>
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d="M4.8 8.2l2.1 2.1 4.3-4.5" stroke="#fff" strokeWidth="1.6" fill="none" strokeLinecap="round" />
    </Icon>
  );
}

export function WarningIcon() {
  return (
    <Icon>
      <path d="M8 1.2l7 12.6H1z" fill="currentColor" />
      <path d="M8 6v3.6" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      <circle cx="8" cy="11.7" r="0.9" fill="#fff" />
    </Icon>
  );
}

export function ErrorIcon() {
  return (
    <Icon>
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d="M5.5 5.5l5 5m0-5l-5 5" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
    </Icon>
  );
}

export function InfoIcon() {
  return (
    <Icon>
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d="M8 7.2v4.2" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      <circle cx="8" cy="4.8" r="0.9" fill="#fff" />
    </Icon>
  );
}

export function EyeIcon() {
  return (
    <Icon>
      <path d="M1 8s2.6-5 7-5 7 5 7 5-2.6 5-7 5-7-5-7-5z" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <circle cx="8" cy="8" r="2.2" fill="currentColor" />
    </Icon>
  );
}

export function EyeOffIcon() {
  return (
    <Icon>
      <path d="M1 8s2.6-5 7-5 7 5 7 5-2.6 5-7 5-7-5-7-5z" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path d="M2.5 13.5l11-11" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
    </Icon>
  );
}

export function QrIcon() {
  return (
    <Icon>
      <path d="M2 2h5v5H2zM9 2h5v5H9zM2 9h5v5H2z" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path d="M10 10h1.5v1.5H10zM12.5 12.5H14V14h-1.5zM12.5 9.5H14V11h-1.5zM9.5 12.5H11V14H9.5z" fill="currentColor" />
    </Icon>
  );
}
