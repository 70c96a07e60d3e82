/**
 * The first paints' own thread (decision 015): React draws pages here, never on the thread that answers
 * votes. A draw costs 10–80 ms of CPU; on the main thread each one held every vote and page behind it.
 * The lists a page shows are read by the main thread (its public reads, from the list cache): this thread
 * asks for each by its URL, and answers with the page, the shape of every list it read and which list each
 * read was for (the page's recipe, read before its next draw). One draw at a time: the main thread queues
 * them.
 */
import { parentPort } from "node:worker_threads";
import { renderFirstPaint, transport } from "@/client/first-paint";
import type { FirstPaintDraw, FromDrawer, ToDrawer } from "./first-paint-drawer";
import { shapeOf } from "./paint-shape";

if (!parentPort)
  throw new Error("first-paint-worker runs as a worker thread (first-paint-drawer.ts starts it)");
const port = parentPort;

/** Reads asked of the main thread, by their id, until it answers. */
const asked = new Map<number, (answer: { status: number; body: string }) => void>();
let nextRead = 1;

/** The draw in progress (one at a time), and the list whose fetch is being started within it. */
let drawing: (Omit<FirstPaintDraw, "paint"> & { queryKey?: readonly unknown[] }) | undefined;

transport.fetch = async (input) => {
  const draw = drawing;
  if (!draw) throw new Error("a list fetched outside a draw");
  const url = String(input);
  // Read before the first await: the query starts its fetch at once inside DrawHints.around.
  const queryKey = draw.queryKey;
  draw.fetchedDuringRender++;
  const readId = nextRead++;
  const answer = await new Promise<{ status: number; body: string }>((resolve) => {
    asked.set(readId, resolve);
    port.postMessage({ type: "read", readId, url } satisfies FromDrawer);
  });
  if (answer.status === 200) {
    draw.reads.push([url, shapeOf(answer.body)]);
    if (queryKey) draw.recipe.push([queryKey, url]);
  }
  return new Response(answer.body, {
    status: answer.status,
    headers: { "content-type": "application/json" },
  });
};

port.on("message", (message: ToDrawer) => {
  if (message.type === "answer") {
    asked.get(message.readId)?.(message);
    asked.delete(message.readId);
    return;
  }
  void draw(message);
});

async function draw(message: Extract<ToDrawer, { type: "draw" }>) {
  const current: NonNullable<typeof drawing> = { reads: [], recipe: [], fetchedDuringRender: 0 };
  // The lists the page asked for last time, read now by the main thread: the page is drawn once, with them.
  const known = message.known.map(([queryKey, url, json]) => {
    current.reads.push([url, shapeOf(json)]);
    current.recipe.push([queryKey, url]);
    return [queryKey, JSON.parse(json)] as const;
  });
  drawing = current;
  try {
    const paint = await renderFirstPaint(message.pathname, message.site, {
      known,
      around: (queryKey, fetch) => {
        current.queryKey = queryKey;
        try {
          return fetch();
        } finally {
          current.queryKey = undefined;
        }
      },
    });
    const { queryKey: _, ...drawn } = current;
    port.postMessage({ type: "drawn", id: message.id, draw: { ...drawn, paint } } satisfies FromDrawer);
  } catch (error) {
    port.postMessage({ type: "drawn", id: message.id, error: String(error) } satisfies FromDrawer);
  } finally {
    drawing = undefined;
  }
}
