export default {
  fetch() {
    return new Response("<!doctype html><p>hello</p>", { headers: { "Content-Type": "text/html" } });
  },
};
