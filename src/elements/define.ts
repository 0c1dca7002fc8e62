import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';

// The one way an element is registered: r2wc with an open shadow root, plus what r2wc lacks for HTML
// authors — boolean attributes by presence, attribute removal reaching the component, properties set
// before the element upgraded — and a guard so that a widget script loaded twice on a page is harmless.

export const WIDGETS_VERSION = __PH_VERSION__;
const VERSION_KEY = Symbol.for('ph-widgets.version');

type ValueType = 'string' | 'number' | 'json' | 'function' | 'method';

/** Props a custom element hands its component: the shadow root r2wc renders into. */
export interface ElementProps {
  container?: ShadowRoot | HTMLElement;
}

export interface ElementOptions<Props> {
  /** Valued attributes/properties and how r2wc converts them. */
  props?: Partial<Record<Extract<keyof Props, string>, ValueType>>;
  /** Boolean attributes: true when present (`<ph-modal open>`), false when absent; properties reflect. */
  booleans?: Extract<keyof Props, string>[];
}

// r2wc keeps props and its render trigger under these registered symbols (@r2wc/core 1.x).
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

interface R2wcInternals {
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
  connectedCallback(): void;
  attributeChangedCallback(attribute: string, oldValue: string | null, value: string | null): void;
}

const toAttribute = (prop: string) => prop.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export function defineElement<Props extends ElementProps>(
  tag: string,
  component: ComponentType<Props>,
  options: ElementOptions<Props> = {},
): CustomElementConstructor {
  const registered = customElements.get(tag);
  if (registered) {
    const version = (registered as unknown as Record<symbol, string | undefined>)[VERSION_KEY];
    if (version !== WIDGETS_VERSION) {
      console.warn(
        `ph-widgets ${WIDGETS_VERSION}: <${tag}> is already defined by ${version ? `ph-widgets ${version}` : 'another script'}; keeping that definition.`,
      );
    }
    return registered;
  }

  const valued = (options.props ?? {}) as Record<string, ValueType>;
  const booleans: string[] = options.booleans ?? [];
  const propByAttribute = new Map<string, string>();
  for (const prop of [...Object.keys(valued), ...booleans]) propByAttribute.set(toAttribute(prop), prop);

  const Base = r2wc(component as ComponentType<object>, { shadow: 'open', props: valued }) as unknown as {
    new (): HTMLElement & R2wcInternals;
    readonly observedAttributes: string[];
  };

  class PhElement extends Base {
    static readonly [VERSION_KEY] = WIDGETS_VERSION;

    static override get observedAttributes(): string[] {
      return [...Base.observedAttributes, ...booleans.map(toAttribute)];
    }

    constructor() {
      super();
      for (const prop of booleans) this[PROPS][prop] = this.hasAttribute(toAttribute(prop));
    }

    override connectedCallback(): void {
      // A property set on the element before it upgraded shadows the accessor: move it onto the accessor.
      for (const prop of propByAttribute.values()) {
        if (Object.hasOwn(this, prop)) {
          const value = (this as unknown as Record<string, unknown>)[prop];
          delete (this as unknown as Record<string, unknown>)[prop];
          (this as unknown as Record<string, unknown>)[prop] = value;
        }
      }
      super.connectedCallback();
    }

    override attributeChangedCallback(attribute: string, oldValue: string | null, value: string | null): void {
      const prop = propByAttribute.get(attribute);
      if (prop && booleans.includes(prop)) {
        this[PROPS][prop] = value !== null;
        this[RENDER]();
      } else if (prop && value === null) {
        delete this[PROPS][prop];
        this[RENDER]();
      } else {
        super.attributeChangedCallback(attribute, oldValue, value);
      }
    }
  }

  for (const prop of booleans) {
    Object.defineProperty(PhElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: PhElement) {
        return this[PROPS][prop] === true;
      },
      set(this: PhElement, value: unknown) {
        this.toggleAttribute(toAttribute(prop), Boolean(value));
      },
    });
  }

  customElements.define(tag, PhElement);
  return PhElement;
}

/** The element hosting a component rendered by r2wc (the shadow root's host), if any. */
export function hostOf(container: ElementProps['container']): HTMLElement | null {
  if (!container) return null;
  return container instanceof ShadowRoot ? (container.host as HTMLElement) : container;
}

/** Elements announce themselves with `ph-*` DOM events that cross shadow boundaries (DESIGN §3). */
export function dispatchFrom<Detail>(host: HTMLElement | null, name: `ph-${string}`, detail: Detail): void {
  host?.dispatchEvent(new CustomEvent<Detail>(name, { detail, bubbles: true, composed: true }));
}
