import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Floor" }];

/** Twelve small items: about what a page's list shows. */
export function loader() {
  return Array.from({ length: 12 }, (_, index) => ({
    id: `item-${index + 1}`,
    name: `Item ${index + 1}`,
    value: index * 7,
  }));
}

export default function Index() {
  const items = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Items</h1>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            {item.name}: {item.value}
          </li>
        ))}
      </ul>
    </main>
  );
}
