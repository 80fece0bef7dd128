// A worker thread that thinks for bot seats, so a slow search never delays other players' moves.
import { parentPort } from 'node:worker_threads';
import { botOptions, chooseBotMove } from '../../shared/bots';
import type { BotRequest, BotReply } from './bot-brain';

parentPort?.on('message', (req: BotRequest) => {
  let reply: BotReply;
  try {
    reply = { id: req.id, move: chooseBotMove(req.view, req.seed, botOptions(req.level, req.think)) };
  } catch (e) {
    reply = { id: req.id, error: (e as Error).message };
  }
  parentPort?.postMessage(reply);
});
