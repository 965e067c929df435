import { loadVoiceClient } from './config';
import { createVoiceStore } from './store';

/** The page's one voice store, shared by every mount of the widget; loaded on the first call. */
export const voiceStore = createVoiceStore(loadVoiceClient);
