import { type ComponentType, createElement, type ReactElement } from 'react';
import type { Language } from '../../core';
import { PrerenderLanguage } from './prerender';
import { StyleRoot } from './styles';

// What an element renders, shared by the browser (define.ts) and a server rendering its markup (ph-widgets/server):
// hydration matches only when both build the same tree from the same props.

/** Props a custom element hands its component: the shadow root it renders into. */
export interface ElementProps {
  container?: ShadowRoot | HTMLElement;
}

type ValueType = 'string' | 'number' | 'json' | 'function' | 'method';

export interface ElementOptions<Props> {
  /** Valued attributes/properties and how r2wc converts them. */
  props?: Partial<Record<Extract<keyof Props, string>, ValueType>>;
  /** Boolean attributes: true when present (`<ph-modal open>`), false when absent; properties reflect. */
  booleans?: Extract<keyof Props, string>[];
}

export const toAttribute = (prop: string) => prop.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The shadow root a component renders into, if it renders into one (none on a server). */
function shadowOf(container: ElementProps['container']): ShadowRoot | null {
  return typeof ShadowRoot !== 'undefined' && container instanceof ShadowRoot ? container : null;
}

/**
 * The component inside the contexts an element gives it: the shadow root its stylesheets are adopted into, and the
 * language a server rendered it in while it is hydrated (null otherwise).
 */
export function elementTree<Props extends ElementProps>(
  component: ComponentType<Props>,
  props: Props,
  prerenderedIn: Language | null,
): ReactElement {
  return createElement(
    PrerenderLanguage.Provider,
    { value: prerenderedIn },
    createElement(StyleRoot.Provider, { value: shadowOf(props.container) }, createElement(component, props)),
  );
}

/**
 * The props an element's attributes give, as the browser reads them (r2wc's parsing, booleans by presence): a server
 * renders from these. Function-valued props have no meaning there and are left out.
 */
export function propsFromAttributes<Props extends ElementProps>(
  options: ElementOptions<Props>,
  attributes: Readonly<Record<string, string>>,
): Props {
  const props: Record<string, unknown> = {};
  for (const [prop, type] of Object.entries(options.props ?? {}) as [string, ValueType][]) {
    const value = attributes[toAttribute(prop)];
    if (!value) continue;
    if (type === 'string') props[prop] = value;
    else if (type === 'number') props[prop] = Number.parseFloat(value);
    else if (type === 'json') props[prop] = JSON.parse(value);
  }
  for (const prop of options.booleans ?? []) props[prop] = Object.hasOwn(attributes, toAttribute(prop));
  return props as Props;
}
