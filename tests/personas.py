"""Scripted multi-session users for the personalised context, in zh and en, with the instructions
they must get (kind, key) and thin users who must get none. Used by the unit tests (in-memory
stores) and the e2e tests (real stack) alike; each session is one capture."""

from __future__ import annotations

from typing import TypedDict


class Persona(TypedDict):
    lang: str
    sessions: list[list[str]]
    expected: set[tuple[str, str]]


PERSONAS: dict[str, Persona] = {
    "en_developer": {
        "lang": "en",
        "sessions": [
            ["How do I sort a dict by value in Python?", "What is a Python decorator?"],
            ["How should I deploy my Flask app to AWS?", "Python list comprehension with an if else?"],
            ["What is the best way to deploy a FastAPI service on AWS?", "I am allergic to peanuts"],
            [
                "Can you help me deploy the API to AWS Lambda?",
                "My budget for the cloud bill is 200 dollars a month",
                "I'm vegetarian",
                "I use a wheelchair, so I need step-free access",
            ],
            ["This is so frustrating, the answer was wrong again!"],
        ],
        "expected": {
            ("language", "Python"),
            ("deploy", "AWS"),
            ("budget", "general"),
            ("diet", "vegetarian"),
            ("allergy", "peanuts"),
            ("accessibility", "wheelchair"),
            ("tone", "frustrated"),
        },
    },
    "zh_developer": {
        "lang": "zh",
        "sessions": [
            ["Python里怎么写多线程？", "用Python怎么连接MySQL数据库？"],
            ["我的项目怎么部署到阿里云ECS？", "Python的装饰器是什么意思？"],
            ["部署到阿里云的时候需要注意什么？", "我对花生过敏"],
            ["阿里云上部署Docker容器的步骤是什么？", "这次旅行预算不超过五千元", "我吃素", "我坐轮椅"],
            ["这个回答太慢了，真让人失望"],
        ],
        "expected": {
            ("language", "Python"),
            ("deploy", "阿里云"),
            ("budget", "travel"),
            ("diet", "vegetarian"),
            ("allergy", "花生"),
            ("accessibility", "wheelchair"),
            ("tone", "frustrated"),
        },
    },
    # Too little evidence: one mention of a language, one deployment question, calm feedback.
    "en_thin": {
        "lang": "en",
        "sessions": [["I prefer Python", "How do I deploy this to AWS?"], ["Thanks, that answer was great"]],
        "expected": set(),
    },
    "zh_thin": {
        "lang": "zh",
        "sessions": [
            ["我想用Python做数据分析，从哪里开始？", "我的项目怎么部署到阿里云ECS？"],
            ["谢谢，这个回答很有帮助"],
        ],
        "expected": set(),
    },
}

# Words each persona's instructions message must contain (its language's template).
MESSAGE_WORDS = {"en": "Personalise your answers", "zh": "请按以下要求为这位用户个性化回答"}
