import { Initial1795394012563 } from './migrations/1795394012563-Initial';
import { UsageCountersAndIdempotency1795396616137 } from './migrations/1795396616137-UsageCountersAndIdempotency';
import { ArtifactContentExternalStorage1795500000000 } from './migrations/1795500000000-ArtifactContentExternalStorage';
import { JobGenerationReport1795600000000 } from './migrations/1795600000000-JobGenerationReport';
import { BookListingIndexes1795700000000 } from './migrations/1795700000000-BookListingIndexes';
import { JobRevision1795710000000 } from './migrations/1795710000000-JobRevision';
import { SigningSecretStages1795800000000 } from './migrations/1795800000000-SigningSecretStages';
import { BookFileRetention1795900000000 } from './migrations/1795900000000-BookFileRetention';
import { WebConsole1796000000000 } from './migrations/1796000000000-WebConsole';
import { AdmitBookJobs1796100000000 } from './migrations/1796100000000-AdmitBookJobs';

/** Every migration, oldest first. Add a generated migration here; never edit one that was committed. */
export const MIGRATIONS = [
  Initial1795394012563,
  UsageCountersAndIdempotency1795396616137,
  ArtifactContentExternalStorage1795500000000,
  JobGenerationReport1795600000000,
  BookListingIndexes1795700000000,
  JobRevision1795710000000,
  SigningSecretStages1795800000000,
  BookFileRetention1795900000000,
  WebConsole1796000000000,
  AdmitBookJobs1796100000000,
];
