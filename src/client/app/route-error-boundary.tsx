import { Component, type ReactNode } from "react";
import { buttonClass } from "@/client/components/ui/button-variants";

/**
 * Catches what a page throws while it draws, most often a page's chunk that no longer loads (the site was
 * redeployed since the tab opened, or the connection dropped): the header, menus and footer stay, and the
 * page's place says what happened with a reload button. `resetKey` (the path) clears the error when the
 * visitor goes to another page. A tiny class: react-error-boundary would cost the shell 1 kB for the same.
 */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { error: boolean; key: string }
> {
  state = { error: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { error: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: boolean; key: string }) {
    return props.resetKey === state.key ? null : { error: false, key: props.resetKey };
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <section
        role="alert"
        className="mx-auto max-w-xl border-3 border-l-[12px] border-ink border-l-nes-red bg-paper p-6 shadow-pixel"
      >
        <h1 className="font-pixel text-sm leading-relaxed sm:text-base">This page could not be loaded</h1>
        <p className="mt-4 text-base">
          The paper may have been updated since you opened it, or the connection dropped. Reload to get the
          latest edition.
        </p>
        <button type="button" className={buttonClass({}, "mt-5")} onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </section>
    );
  }
}
