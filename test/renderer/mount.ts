import { mount, type ComponentMountingOptions } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import type { Component } from 'vue';
import { setupState, viewFor } from '../../shared/engine';
import type { GameOptions, RoundSetup, SeatView } from '../../shared/engine/types';
import { makeI18n } from '../../renderer/src/i18n';
import type { Locale } from '../../renderer/src/i18n/locales';

/** Mounts a component with the app's plugins (English unless told, a fresh Pinia). */
export function mountApp<C extends Component>(
  component: C,
  options: ComponentMountingOptions<C> = {},
  pinia?: Pinia,
  locale: Locale = 'en',
) {
  const store = pinia ?? createPinia();
  setActivePinia(store);
  return mount(component, {
    attachTo: document.body,
    ...options,
    global: { plugins: [makeI18n(locale), store], ...options.global },
  } as ComponentMountingOptions<C>);
}

/** A real seat view from a hand-made position. */
export function seatView(options: GameOptions, setup: RoundSetup, seat: number | null = 0): SeatView {
  return viewFor(setupState(options, setup), seat);
}
