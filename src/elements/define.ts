import r2wc from '@r2wc/core';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { watchHongKong } from '../core/i18n/hongkong/load';
import { type ElementOptions, type ElementProps, elementTree, toAttribute } from './common/element-tree';
import { type ElementRoot, hydratingRoot } from './common/hydration';
import { prerenderedLanguage } from './common/prerender';

// The one way an element is registered: r2wc with an open shadow root, plus what r2wc lacks for HTML
// authors — boolean attributes by presence, attribute removal reaching the component, properties set
// before the element upgraded — a guard so that a widget script loaded twice on a page is harmless, and hydration of
// markup a server rendered into a declarative shadow root (ph-widgets/server).

export type { ElementOptions, ElementProps } from './common/element-tree';

export const WIDGETS_VERSION = __PH_VERSION__;
const VERSION_KEY = Symbol.for('ph-widgets.version');

// r2wc keeps props and its render trigger under these registered symbols: private API of @r2wc/core 1.3.1, pinned
// exactly in package.json; test/elements/r2wc-internals.test.ts fails if they stop working.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

interface R2wcInternals {
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
  connectedCallback(): void;
  attributeChangedCallback(attribute: string, oldValue: string | null, value: string | null): void;
}

/**
 * An error a boundary caught (a part whose file could not load, common/lazy-part.tsx) is shown by the element itself:
 * a warning for developers, not the console error React reports by default.
 */
const reportCaughtError = (error: unknown) => console.warn('ph-widgets:', error);

/**
 * r2wc's renderer: a React root in the shadow root. Markup a server rendered there is hydrated, in slices that leave
 * typing alone (common/hydration.ts); anything else is rendered anew.
 */
const renderer = {
  mount(container: HTMLElement, component: ComponentType<ElementProps>, props: ElementProps): ElementRoot {
    const shadow = container instanceof ShadowRoot ? container : null;
    const prerenderedIn = shadow ? prerenderedLanguage(shadow) : null;
    const tree = (next: ElementProps) => elementTree(component, next, prerenderedIn);
    if (shadow && prerenderedIn) return hydratingRoot(shadow, tree, props);
    const root = createRoot(container, { onCaughtError: reportCaughtError });
    root.render(tree(props));
    return { render: (next) => root.render(tree(next)), unmount: () => root.unmount() };
  },
  update(root: ElementRoot, props: ElementProps): void {
    root.render(props);
  },
  unmount(root: ElementRoot): void {
    root.unmount();
  },
};

type R2wcBase = {
  new (): HTMLElement & R2wcInternals;
  readonly observedAttributes: string[];
};

/** The element already registered under `tag` (a widget script loaded twice), warned about when it is not ours. */
function definedBefore(tag: string): CustomElementConstructor | null {
  const registered = customElements.get(tag);
  if (!registered) return null;
  const version = (registered as unknown as Record<symbol, string | undefined>)[VERSION_KEY];
  if (version !== WIDGETS_VERSION) {
    console.warn(
      `ph-widgets ${WIDGETS_VERSION}: <${tag}> is already defined by ${version ? `ph-widgets ${version}` : 'another script'}; keeping that definition.`,
    );
  }
  return registered;
}

/** A page with custom elements: not a server (Node, a Next.js or Angular prerender), where the modules still import. */
export function inBrowser(): boolean {
  return typeof customElements !== 'undefined' && typeof HTMLElement !== 'undefined';
}

/** What an element module exports where it cannot define its element (a server): a class that says so if used. */
function serverStandIn(tag: string): CustomElementConstructor {
  return class {
    constructor() {
      throw new Error(`<${tag}> is defined in a browser only: its module did nothing here`);
    }
  } as unknown as CustomElementConstructor;
}

/**
 * Registers `tag` when its module runs in a browser. On a server (an app's prerender) the module imports and does
 * nothing (issue 68): the browser that loads the same module defines the element.
 */
export function defineElement<Props extends ElementProps>(
  tag: string,
  component: ComponentType<Props>,
  options: ElementOptions<Props> = {},
): CustomElementConstructor {
  if (!inBrowser()) return serverStandIn(tag);
  // Server text reads in Hong Kong forms for zh-HK: its converter loads when the language becomes zh-HK.
  watchHongKong();
  const registered = definedBefore(tag);
  if (registered) return registered;
  const valued = options.props ?? {};
  const booleans: string[] = options.booleans ?? [];
  // r2wc types its container as an HTMLElement; with `shadow` it hands the renderer the shadow root.
  const Base = r2wc(
    component as ComponentType<object>,
    { shadow: 'open', props: valued },
    renderer as never,
  ) as unknown as R2wcBase;
  const PhElement = elementClass(tag, Base, [...Object.keys(valued), ...booleans], booleans);
  customElements.define(tag, PhElement);
  return PhElement;
}

/**
 * r2wc's element class with what it lacks for HTML authors: boolean attributes by presence (with their properties),
 * attribute removal reaching the component, properties set before the element upgraded, a kept declarative root.
 */
function elementClass(tag: string, Base: R2wcBase, props: string[], booleans: string[]): CustomElementConstructor {
  const propByAttribute = new Map<string, string>();
  for (const prop of props) propByAttribute.set(toAttribute(prop), prop);

  class PhElement extends Base {
    static readonly [VERSION_KEY] = WIDGETS_VERSION;

    // r2wc attaches the shadow root in its constructor; on a declarative one that would empty it (the DOM standard's
    // attachShadow), so markup a server rendered is kept for hydration.
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      const declared = this.shadowRoot;
      return declared && prerenderedLanguage(declared) ? declared : super.attachShadow(init);
    }

    static override get observedAttributes(): string[] {
      return [...Base.observedAttributes, ...booleans.map(toAttribute)];
    }

    constructor() {
      super();
      if (typeof this[PROPS] !== 'object' || typeof this[RENDER] !== 'function') {
        throw new Error(
          `<${tag}>: @r2wc/core no longer provides r2wc.props and r2wc.render; update src/elements/define.ts`,
        );
      }
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
  return PhElement;
}

/** The element hosting a component rendered by r2wc (the shadow root's host), if any. */
export function hostOf(container: ElementProps['container']): HTMLElement | null {
  if (!container) return null;
  return container instanceof ShadowRoot ? (container.host as HTMLElement) : container;
}

/** Every `ph-*` event: each element's event map is merged into GlobalEventHandlersEventMap by its define.ts. */
export type PhEventName = Extract<keyof GlobalEventHandlersEventMap, `ph-${string}`>;

/** The `detail` an event of that name carries. */
export type PhEventDetail<Name extends PhEventName> =
  GlobalEventHandlersEventMap[Name] extends CustomEvent<infer Detail> ? Detail : never;

/**
 * Elements announce themselves with `ph-<element>-<what>` DOM events that bubble and cross shadow boundaries
 * (DESIGN §3), typed by the event maps. Returns false when a cancelable event was cancelled (`preventDefault()`).
 */
export function dispatchFrom<Name extends PhEventName>(
  host: HTMLElement | null,
  name: Name,
  detail: PhEventDetail<Name>,
  options: { cancelable?: boolean } = {},
): boolean {
  if (!host) return true;
  const event = new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable });
  return host.dispatchEvent(event);
}
