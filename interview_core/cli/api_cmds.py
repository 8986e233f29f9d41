"""``interview api serve|hash-key``: run the HTTP API; hash a researcher key for the environment."""

from __future__ import annotations

import secrets
import sys


def register(sub) -> None:
    p = sub.add_parser("api", help="the HTTP API for survey tools and many processes")
    api = p.add_subparsers(dest="api", required=True)
    serve = api.add_parser("serve", help="serve the API (OpenAPI docs at /docs)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--db", help="database: SQLite file path or postgresql:// URL (default: settings.database)")
    serve.add_argument("--log-level", default="warning")
    serve.add_argument("--no-warmup", action="store_true",
                       help="serve at once; the parser and models then load during the first requests")
    serve.set_defaults(func=_serve)
    hashing = api.add_parser("hash-key", help="print the SHA-256 hash of a key read from stdin, for "
                                              "INTERVIEW_API_KEY_SHA256 (--new: make a fresh key too)")
    hashing.add_argument("--new", action="store_true", help="generate a random key, print it and its hash")
    hashing.set_defaults(func=_hash_key)


def _serve(args) -> int:
    import uvicorn

    from ..api.app import create_app
    from ..config.settings import load_settings

    settings = load_settings(**({"database": args.db} if args.db else {}))
    app = create_app(settings)
    if not args.no_warmup:
        from ..api.warmup import warm_up

        print(f"warmed up in {warm_up(settings):.1f} s (one offline turn on a throwaway database)", flush=True)
    backend = "PostgreSQL" if settings.database.startswith(("postgresql://", "postgres://")) else "SQLite"
    # The database URL is not printed: it may carry a password.
    print(f"interview API on http://{args.host}:{args.port} (docs: /docs), {backend} database", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, access_log=False)
    return 0


def _hash_key(args) -> int:
    from ..api.auth import KEY_HASHES_ENV, hash_key

    if args.new:
        key = secrets.token_urlsafe(32)
        print(f"key (give it to the researcher; it is not stored): {key}")
    else:
        key = sys.stdin.readline()
        if not key.strip():
            print("no key on stdin (or use --new)", file=sys.stderr)
            return 2
    print(f"{KEY_HASHES_ENV}={hash_key(key)}")
    return 0
