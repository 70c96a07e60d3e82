import { type ReactNode, useEffect, useRef } from "react";
import { ArrowLeftIcon, CheckIcon } from "@/client/components/icons";
import { Link } from "@/client/components/link";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/client/components/ui/card";
import { dismissErrorToasts } from "@/client/lib/use-toast";

export interface SubmissionSuccessProps {
  /** What happens next, in a sentence or two. */
  children: ReactNode;
  onSubmitAnother: () => void;
  homePath: string;
}

/** "Submission Received!": replaces the form; its heading takes the focus so the news is read out first. */
export function SubmissionSuccess({ children, onSubmitAnother, homePath }: SubmissionSuccessProps) {
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
    // The submission went through: an earlier attempt's red toast ("Image required") no longer applies.
    dismissErrorToasts();
  }, []);

  return (
    <Card className="bg-paper">
      <CardHeader>
        <Badge variant="green" className="w-fit">
          <CheckIcon className="size-3" /> Sent to the newsroom
        </Badge>
        <CardTitle ref={heading} tabIndex={-1} className="text-base sm:text-lg">
          Submission Received!
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-lg">{children}</CardContent>
      <CardFooter className="flex-col items-stretch sm:flex-row sm:items-center">
        <Button onClick={onSubmitAnother}>Submit Another</Button>
        <Button asChild variant="secondary">
          <Link to={homePath}>
            <ArrowLeftIcon /> Back to Home
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
