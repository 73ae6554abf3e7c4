// Request and response schemas of this feature's calls.
export {};
