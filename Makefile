# Shortcuts for the commands in the README. Everything also works without make.
.PHONY: serve build dev messages test bench-serve

# Build the whole site from content/ when needed and serve it on http://127.0.0.1:8080.
serve:
	go run ./cli/cmd/portfolio serve

build:
	go run ./cli/cmd/portfolio build

dev:
	go run ./cli/cmd/portfolio dev

messages:
	go run ./cli/cmd/portfolio messages

test:
	.ci/test

bench-serve:
	.ci/bench/serve
