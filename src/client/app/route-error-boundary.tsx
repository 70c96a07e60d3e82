import { Component, type ReactNode } from "react";
import { buttonClass } from "@/client/components/ui/button-variants";

/**
 * Catches what a page throws while it draws, most often a page's chunk that no longer loads (a redeploy
 * since the tab opened, or a dropped connection): the chrome stays, and the page's place says what happened
 * with a reload button. Keyed by the path in AppLayout, so another page starts afresh. A tiny class:
 * react-error-boundary would cost the shell 1 kB for the same.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed?: boolean }> {
  state = {};

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!(this.state as { failed?: boolean }).failed) return this.props.children;
    return (
      <section role="alert" className="border-3 border-ink bg-paper p-6 shadow-pixel">
        <h1 className="font-pixel text-sm leading-relaxed">This page could not be loaded</h1>
        <p className="mt-4">The paper may have been updated, or the connection dropped.</p>
        <button type="button" className={buttonClass({}, "mt-5")} onClick={() => location.reload()}>
          Reload the page
        </button>
      </section>
    );
  }
}
