import type { ComponentProps } from "react";
import { useHref, useLinkClickHandler } from "react-router";

export type LinkProps = Omit<ComponentProps<"a">, "href"> & {
  /** A path of this site ("/archive", a headline's page). */
  to: string;
};

/**
 * A link to another page of this site, which the router opens without reloading the page: react-router's
 * `<Link>` for what this app asks of it, on the same two hooks (the `href`, and a click that navigates
 * unless a modifier key, another button or another target asks the browser to open it). Theirs also
 * prefetches route modules, masks URLs, takes other origins and does view transitions, for its framework
 * and data modes; none of which a link here uses, and which was 2 kB of gzip on every first load, since
 * the chrome's links are in the entry (decision 005). Links to other sites are plain `<a>`s.
 */
export function Link({ to, target, onClick, ...props }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  return (
    <a
      {...props}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
