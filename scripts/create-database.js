// Creates the database named in DATABASE_URL when it does not exist yet.
const { Client } = require('pg');

async function main() {
  const target = new URL(process.env.DATABASE_URL);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(target);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      process.stderr.write(`Created database ${name}\n`);
    }
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  process.stderr.write(`Could not create the database: ${error.message}\n`);
  process.exit(1);
});
