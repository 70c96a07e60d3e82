import { CheckIcon } from "@/client/components/icons";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";

const BENEFITS = [
  { title: "Priority placement in voting", text: "Listed ahead of free headlines once approved." },
  { title: "Faster approval", text: "Reviewed as soon as your payment is verified." },
  { title: "Higher visibility", text: "A Promoted mark on your headline in the vote." },
  { title: "Professional review", text: "The team checks it before it enters voting." },
] as const;

/** What a promoted submission buys, as the spec lists it. */
export function PromotedBenefits() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Promoted Benefits</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-4">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className="inline-flex size-7 shrink-0 items-center justify-center border-2 border-ink bg-nes-green"
              >
                <CheckIcon className="size-4" />
              </span>
              <span className="flex flex-col">
                <strong className="text-base">{benefit.title}</strong>
                <span className="text-base text-ink-soft">{benefit.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
