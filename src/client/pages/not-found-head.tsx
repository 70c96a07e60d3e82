import { PageHead } from "@/client/components/page-head";
import { useSiteConfig } from "@/client/lib/site-config";
import { screenTitle } from "@/common/page-meta";
import { NOT_FOUND_PAGE } from "@/common/pages";

/**
 * The not-found screen's head, for the pages that find out themselves (an unknown headline or edition); the
 * layout gives an unknown address its own. Apart from not-found.tsx, which the first load carries.
 */
export function NotFoundHead() {
  const { siteName } = useSiteConfig();
  return (
    <PageHead
      title={screenTitle(NOT_FOUND_PAGE, siteName)}
      of={{ screen: NOT_FOUND_PAGE }}
      imageAlt={siteName}
    />
  );
}
