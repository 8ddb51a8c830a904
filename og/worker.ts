/**
 * The share-image Worker (docs/decisions/201): POST a ShareImage (og/contract.ts) as JSON, get its
 * 1200x630 PNG. satori lays the texts out as SVG (yoga, WebAssembly) with the bundled Inter faces;
 * resvg (WebAssembly) draws the PNG. Reached only through the main Worker's `OG` service binding,
 * which reads the data, caches the image and falls back to a static one when this Worker fails.
 * A Worker of its own because the renderer is larger than the main Worker's budget allows.
 */
import satori, { init as initLayout } from "satori/standalone";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import yogaWasm from "satori/yoga.wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import inter400 from "@fontsource/inter/files/inter-latin-400-normal.woff";
import inter700 from "@fontsource/inter/files/inter-latin-700-normal.woff";
import { parseShareImage, SHARE_IMAGE_SIZE, type ShareImage } from "./contract";

/** The WebAssembly modules, instantiated once per isolate. */
let ready: Promise<unknown> | null = null;

/** Data modules by og/wrangler.toml's rule; vite/client, also in the project's types, calls them URLs. */
const font = (data: unknown) => data as ArrayBuffer;
const FONTS = [
  { name: "Inter", data: font(inter400), weight: 400 as const, style: "normal" as const },
  { name: "Inter", data: font(inter700), weight: 700 as const, style: "normal" as const },
];

/** The app's palette (app/tailwind.css). */
const INK = "#0f172a";
const MUTED = "#475569";
const BRAND = "#1e40af";
const BRAND_50 = "#eff6ff";
const SUCCESS = "#047857";
const SUCCESS_50 = "#ecfdf5";

type Style = Record<string, string | number>;
interface Node {
  type: string;
  props: { style: Style; children?: string | Node | (Node | null)[] };
}
const box = (style: Style, children?: Node["props"]["children"]): Node => ({
  type: "div",
  props: { style: { display: "flex", ...style }, children },
});

/** The image's layout: the card and offer on the left, the money line, the facts, then the address. */
export function layout(image: ShareImage): Node {
  const titleSize = image.title.length > 48 ? 48 : 60;
  return box(
    {
      width: "100%",
      height: "100%",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "44px 64px 40px",
      backgroundColor: "#ffffff",
      borderTop: `16px solid ${BRAND}`,
      fontFamily: "Inter",
      color: INK,
    },
    [
      box({ flexDirection: "column" }, [
        box({ fontSize: 28, color: MUTED }, image.eyebrow),
        box({ fontSize: titleSize, fontWeight: 700, lineHeight: 1.1, marginTop: 12 }, image.title),
        image.offer ? box({ fontSize: 28, marginTop: 16, lineHeight: 1.3 }, `Welcome offer: ${image.offer}`) : null,
        image.highlight
          ? box(
              {
                marginTop: 24,
                padding: "14px 24px",
                borderRadius: 16,
                backgroundColor: SUCCESS_50,
                color: SUCCESS,
                fontSize: 32,
                fontWeight: 700,
              },
              image.highlight,
            )
          : null,
      ]),
      box({ flexDirection: "column" }, [
        image.facts.length > 0
          ? box(
              { flexWrap: "wrap", marginBottom: 20 },
              image.facts.map((fact) =>
                box(
                  {
                    marginRight: 12,
                    marginTop: 8,
                    padding: "6px 16px",
                    borderRadius: 999,
                    backgroundColor: BRAND_50,
                    color: BRAND,
                    fontSize: 22,
                  },
                  fact,
                ),
              ),
            )
          : null,
        box({ justifyContent: "space-between", alignItems: "center" }, [
          box({ fontSize: 32, fontWeight: 700, color: BRAND }, "Cardshare"),
          box({ fontSize: 24, color: MUTED }, image.address),
        ]),
      ]),
    ],
  );
}

/** The PNG of one share image. */
export async function renderShareImage(image: ShareImage): Promise<ArrayBuffer> {
  ready ??= Promise.all([initLayout(yogaWasm), initWasm(resvgWasm)]);
  await ready;
  const svg = await satori(layout(image) as never, { ...SHARE_IMAGE_SIZE, fonts: FONTS });
  return new Resvg(svg, { fitTo: { mode: "width", value: SHARE_IMAGE_SIZE.width } }).render().asPng().slice().buffer;
}

export default {
  async fetch(request) {
    if (request.method !== "POST") return new Response("POST a share image as JSON.", { status: 405 });
    const image = parseShareImage(await request.json().catch(() => null));
    if (!image) return new Response("The body is not a share image.", { status: 400 });
    return new Response(await renderShareImage(image), { headers: { "Content-Type": "image/png" } });
  },
} satisfies ExportedHandler;
