import { node, screen } from "./fake-ui.ts";

const item = (text: string) => node({ text, class: "android.widget.TextView" });

/** A settings-like screen: an outer scroll view, a list inside it, a wrapper around another list, a plain box. */
export const lists = (...items: string[]) =>
  screen(
    node(
      { "resource-id": "app:id/root", bounds: "[0,0][1080,2400]" },
      node(
        {
          "resource-id": "app:id/outer",
          class: "android.widget.ScrollView",
          scrollable: "true",
          bounds: "[0,0][1080,1200]",
        },
        node(
          { "resource-id": "app:id/list", class: "androidx.recyclerview.widget.RecyclerView", scrollable: "true" },
          ...items.map(item),
        ),
      ),
      node(
        { "resource-id": "app:id/wrapper" },
        node({}, node({ class: "androidx.recyclerview.widget.RecyclerView", scrollable: "true", "resource-id": "" })),
      ),
      node({ "resource-id": "app:id/plain" }, item("static")),
    ),
  );

export const noScrollables = screen(node({ "resource-id": "app:id/root" }, item("nothing to scroll")));
