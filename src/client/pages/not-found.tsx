import { paths } from "@/client/app/paths";
import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader } from "@/client/components/ui/card";

export function NotFound() {
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <h1 className="font-pixel text-base leading-relaxed sm:text-xl">404 Page Not Found</h1>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-5">
        <p className="text-lg">Did you forget to add the page to the router?</p>
        <Button asChild>
          <Link to={paths.home}>Back to Today's News</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
