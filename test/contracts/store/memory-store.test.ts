import { memoryStore } from '@test/support/memory-store-kind';
import { storeContract } from './all.suite';

storeContract(memoryStore);
