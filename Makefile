# Shortcuts for the commands in the README. Everything also works without make.
.PHONY: serve site content test bench-images

# Build the whole site from content/ and serve it on http://localhost:4173.
serve: site
	cd site && npm run preview

site: content
	cd site && ([ -x node_modules/.bin/vite ] || npm ci --no-audit --no-fund) && npm run build

content:
	go run ./cli/cmd/portfolio validate
	go run ./cli/cmd/portfolio images
	go run ./cli/cmd/portfolio generate

test:
	.ci/test

bench-images:
	.ci/bench/images
