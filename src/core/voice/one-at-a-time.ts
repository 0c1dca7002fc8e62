// Effects may answer at once (a recogniser that needs no token): events raised while one is being handled wait
// their turn, so every transition starts from the state the previous one left.

/** A dispatch that hands `handle` one event at a time, in the order they were raised. */
export function oneAtATime<Event extends object>(handle: (event: Event) => void): (event: Event) => void {
  const queue: Event[] = [];
  let running = false;
  return (event) => {
    queue.push(event);
    if (running) return;
    running = true;
    try {
      for (let next = queue.shift(); next; next = queue.shift()) handle(next);
    } finally {
      running = false;
    }
  };
}
