// Public API of the support feature (CONTRIBUTING.md, "Module boundaries"). The root layout loads it
// lazily: keep this file to the widget, or the rest would join the widget's chunk.
export { HelpWidget } from './components/help-widget';
