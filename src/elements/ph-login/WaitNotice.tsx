import { type ReactNode, useEffect, useState } from 'react';
import { type CountdownParts, nextTick, type SignInWait, signInWaitView, type Translate } from '../../core';
import { useTranslate } from '../common/prerender';

/** A refusal the form shows; `key` is new for each one, so that each is announced. */
export interface ShownWait {
  wait: SignInWait;
  key: number;
}

export interface WaitNoticeProps {
  wait: SignInWait;
  /** The forgot-password page, as the form links it. */
  forgotHref: string;
}

/**
 * A sign-in the server refuses for a while (issue 55), said inside the form until the wait is over: why, a countdown,
 * then that the user may try again, with the forgot-password link at hand. Screen readers hear the reason and the
 * wait once (role="alert", fixed at the first render); the ticking clock is hidden from them, and the end is told
 * politely. Rendered with a new React `key` for each refusal (ShownWait), so that each is announced.
 */
export function WaitNotice({ wait, forgotHref }: WaitNoticeProps) {
  const translate = useTranslate();
  const [now, setNow] = useState(() => Date.now());
  const [first] = useState(() => signInWaitView(wait, now));

  useEffect(() => {
    const delay = nextTick(wait, now);
    if (delay === null) return;
    // At least `delay` later: a coarse clock must not read the same moment again and stop the countdown.
    const timer = setTimeout(() => setNow(Math.max(Date.now(), now + delay)), delay);
    return () => clearTimeout(timer);
  }, [wait, now]);

  const view = signInWaitView(wait, now);
  // How long, as the alert says it: in minutes to a screen reader (the clock below shows it), else "later" to all.
  let howLong: ReactNode = null;
  if (first.state === 'waiting') {
    howLong =
      first.minutes === null ? (
        translate('login.wait.later')
      ) : (
        <span className="visually-hidden">{translate('login.wait.minutes', { minutes: first.minutes })}</span>
      );
  }
  return (
    <div className="wait" part="wait">
      <p className="wait-reason" role="alert">
        {translate(`login.wait.${wait.reason}`)} {howLong}
      </p>
      {view.state === 'waiting' && view.left !== null ? (
        <p className="wait-clock" part="wait-clock" aria-hidden="true">
          {timeLeft(translate, view.left)}
        </p>
      ) : null}
      <p className="wait-over" part="wait-over" role="status">
        {view.state === 'over' ? translate('login.wait.over') : null}
      </p>
      <a className="forgot" part="wait-forgot" href={forgotHref} target="_blank" rel="noopener">
        {translate('login.forgot')}
      </a>
    </div>
  );
}

/** The time left with its units (14 分 58 秒): as `14:58` it read as a time of day (issue 69). */
function timeLeft(translate: Translate, left: CountdownParts): string {
  if (left.hours > 0) return translate('login.wait.inHours', { hours: left.hours, minutes: left.minutes });
  if (left.minutes > 0) return translate('login.wait.inMinutes', { minutes: left.minutes, seconds: left.seconds });
  return translate('login.wait.inSeconds', { seconds: left.seconds });
}
