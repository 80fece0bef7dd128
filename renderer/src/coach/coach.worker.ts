// The coach thinks here, off the page's thread, so the table stays responsive while it searches.
import { handleCoachMessage } from './handler';

self.onmessage = (event: MessageEvent) => handleCoachMessage(event.data, (message) => postMessage(message));
