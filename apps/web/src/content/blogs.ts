export interface BlogPost {
  /** URL-safe slug, used as the element id */
  slug: string;
  question: string;
  /** paragraphs of the answer, plain text */
  answer: string[];
  /** optional short code example (plain text, shown in a <pre>) */
  example?: string;
}

export const blogPosts: BlogPost[] = [
  {
    slug: 'improve-react-performance',
    question: 'How can I make my React application faster?',
    answer: [
      'Measure before you optimise. The React DevTools Profiler and the browser Performance panel show which components re-render, how often and how long they take, so you fix real bottlenecks instead of guessing.',
      'Then cut unnecessary work. Keep state as close as possible to the components that use it, so an update does not re-render half the page. The React Compiler can memoise components and values automatically; without it, use memo, useMemo and useCallback where the profiler shows they help. Render long lists with a virtualisation library such as TanStack Virtual, and wrap non-urgent updates (like filtering a big list as the user types) in startTransition or useDeferredValue so input stays responsive.',
      'Finally, ship less code. Split routes and heavy widgets with lazy() and Suspense, lazy-load images and serve them at the right size, and check your bundle for large dependencies you barely use.',
    ],
    example: `const Reports = lazy(() => import('./Reports'));

<Suspense fallback={<Spinner />}>
  <Reports />
</Suspense>`,
  },
  {
    slug: 'react-state-management',
    question: 'What are the different ways to manage state in a React application?',
    answer: [
      'Start with local state: useState for simple values and useReducer when several values change together or the update logic gets complex. Lift state up to the nearest common parent when siblings need to share it.',
      'When many components deep in the tree need the same value, such as the signed-in user, theme or cart, use Context to avoid passing props through every level. For larger, frequently changing app-wide state, an external store like Zustand or Redux Toolkit gives you fine-grained subscriptions and good dev tools.',
      'Not all state is client state. Data from an API is best handled by a server-state library such as TanStack Query, which caches, deduplicates and refetches for you. Filters, search terms and page numbers often belong in the URL so they survive a reload and can be shared, and React 19 form actions with useActionState cover many submit-and-show-result cases without extra state.',
    ],
  },
  {
    slug: 'javascript-prototypal-inheritance',
    question: 'How does prototypal inheritance work in JavaScript?',
    answer: [
      "Every JavaScript object has an internal link to another object called its prototype (you can read it with Object.getPrototypeOf). When you access a property that the object does not have itself, the engine looks it up on the prototype, then on that object's prototype, and so on until it reaches null. This lookup path is the prototype chain.",
      "This is how objects share behaviour without copying it: methods live once on a prototype and every object linked to it can use them. Object.create(proto) makes a new object with a given prototype, and calling a function with new links the new object to that function's prototype property.",
      'The class syntax is a cleaner way to write the same thing. Methods go on the class prototype, and extends links one prototype to another, so class inheritance is still prototypal inheritance underneath.',
    ],
    example: `const tool = { describe() { return 'Tool: ' + this.name; } };
const screwdriver = Object.create(tool);
screwdriver.name = 'Precision screwdriver';
screwdriver.describe(); // 'Tool: Precision screwdriver' (found on the prototype)`,
  },
  {
    slug: 'why-use-react-state-setter',
    question:
      'Why should I never set React state directly, and why do we call setProducts([...]) instead of products = [...]?',
    answer: [
      'A component is a function that React calls again on every render. The products variable is just a snapshot of the state for that render: reassigning it changes a local variable that is thrown away, and React has no idea anything happened, so nothing re-renders. Calling setProducts tells React to store the new value and schedule a re-render with it.',
      'Mutating the existing array (products.push(item)) is just as bad. React compares the old and new state with Object.is, so if you pass the same array back it may skip the update, and memoised children, effects and the React Compiler all rely on changed data being a new object. Always create a new array or object instead.',
      'When the new value depends on the old one, use the updater form, setProducts(prev => [...prev, item]), so several updates queued in the same event all apply correctly.',
    ],
    example: `// Wrong: no re-render, and the change is lost
products.push(newProduct);

// Right: a new array, handed to React
setProducts((prev) => [...prev, newProduct]);`,
  },
  {
    slug: 'search-products-by-name',
    question:
      'I have an array of products, each with a name, price and description. How do I search for a product by name: find or filter?',
    answer: [
      'Use find when you want one product, for example an exact name match. It returns the first element for which your callback returns true, or undefined if there is none, and it stops as soon as it finds a match.',
      'Use filter when you want every match, for example a search box that shows all products whose name contains what the user typed. It always returns a new array, which is empty if nothing matches, so you can render it directly.',
      'For user searches, normalise both sides: trim the query and compare in lower case so "Screwdriver" matches "screwdriver". For large catalogues, search on the server instead of filtering everything in the browser.',
    ],
    example: `const exact = products.find((p) => p.name === 'Spudger');

const query = search.trim().toLowerCase();
const matches = products.filter((p) => p.name.toLowerCase().includes(query));`,
  },
  {
    slug: 'what-is-a-unit-test',
    question: 'What is a unit test, and why should I write unit tests?',
    answer: [
      'A unit test checks one small piece of code, usually a single function or component, in isolation. You give it known inputs and assert that the output is what you expect. Unit tests run in milliseconds with tools like Vitest or Jest, so you can run hundreds of them on every change.',
      'They catch bugs early, when they are cheapest to fix, and they let you refactor with confidence: if the tests still pass, the behaviour has not changed. They also document how code is meant to be used and push you towards smaller functions that are easier to understand.',
      'Unit tests do not replace integration or end-to-end tests, which check that the pieces work together, but they are the fast base of a healthy test suite.',
    ],
    example: `import { expect, test } from 'vitest';
import { cartTotal } from './cart';

test('adds up price times quantity', () => {
  expect(cartTotal([{ price: 5, quantity: 3 }])).toBe(15);
});`,
  },
];
